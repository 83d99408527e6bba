// Machine-readable codes for input a formatter cannot represent (display helpers return "—" instead).
export type FormatErrorCode = "invalid_amount" | "invalid_decimals" | "amount_too_long";

export class FormatError extends Error {
  readonly code: FormatErrorCode;
  constructor(code: FormatErrorCode, message: string) {
    super(message);
    this.name = "FormatError";
    this.code = code;
  }
}
