/**
 * The character codes the framing and the depth check look for: the same in UTF-8 bytes and in
 * UTF-16 code units, since all are ASCII.
 */
export const LF = 0x0a;
export const CR = 0x0d;
export const SPACE = 0x20;
export const TAB = 0x09;
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
