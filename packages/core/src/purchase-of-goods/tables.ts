/** Purchase of goods (issue 7): tables. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the module
export interface PurchaseOfGoodsTables {}
