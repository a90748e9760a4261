/** Integer rupiah digits (optionally negative) with Indonesian thousands dots: "-1250000" → "-1.250.000". */
export function formatRp(digits: string): string {
  const neg = digits.startsWith('-');
  const body = (neg ? digits.slice(1) : digits).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return neg ? `-${body}` : body;
}
