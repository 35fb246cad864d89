/**
 * The SDK version, sent as `x-assay-client: typescript/<version>`. A constant rather than a
 * package.json import because browsers and bundlers differ on JSON imports; a test keeps the two equal.
 */
export const VERSION = "0.1.0";
