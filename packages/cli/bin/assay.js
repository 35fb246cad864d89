#!/usr/bin/env node
// Node.js 24 runs the TypeScript sources directly (type stripping): no build step.
import "../src/main.ts";
