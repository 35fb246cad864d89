import { appendFileSync } from "node:fs";
import { registerHooks } from "node:module";

/**
 * Preloaded with `node --import` by startup-modules.test.ts: appends the URL of every module the
 * process loads, one a line, to the file named by ASSAY_TEST_MODULE_LOG. Written as each module
 * resolves, so commands that end with process.exit() are recorded too.
 */
const log = process.env.ASSAY_TEST_MODULE_LOG;
if (log) {
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      appendFileSync(log, `${resolved.url}\n`);
      return resolved;
    },
  });
}
