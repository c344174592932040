#!/usr/bin/env node
// The command runs the TypeScript sources directly through tsx: no build step.
import { register } from 'tsx/esm/api';

// PHP inside WordPress always runs in UTC; the date parsing reproduces PHP under that assumption.
process.env.TZ = 'UTC';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
