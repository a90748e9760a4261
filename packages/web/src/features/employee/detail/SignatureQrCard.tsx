// Scaffolding: replaced by the signature and QR code card.
/** The employee's signature (upload, view, delete) and QR code (generate, download) on the employee detail page. */
export function SignatureQrCard(_props: { employeeId: number; canManage: boolean }) {
  return null;
}
