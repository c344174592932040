// Runs the real `wpcal` command in a child process.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const BIN = path.resolve(import.meta.dirname, '../../bin/wpcal.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 20000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, WPCAL_LOG: 'silent', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`wpcal ${args.join(' ')} timed out`)); }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ServingCli {
  /** http://HOST:PORT the server listens on. */
  url: string;
  /** What it has printed so far (its log, one JSON object a line). */
  output(): string;
  /** SIGTERM, then its exit code. */
  stop(): Promise<number | null>;
}

/** Starts `wpcal serve ARGS` (add `--port 0`) and resolves once its log names the URL it listens on. */
export function serveCli(args: string[], env: Record<string, string> = {}): Promise<ServingCli> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], { env: { ...process.env, WPCAL_LOG: 'info', ...env } });
  let out = '';
  const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => { out += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const listening = /"url":"(http:[^"]+)"/.exec(out);
      if (!listening) return;
      resolve({
        url: listening[1]!,
        output: () => out,
        stop: () => {
          child.kill('SIGTERM');
          return closed;
        },
      });
    });
    void closed.then((code) => reject(new Error(`wpcal serve exited (${code}) before listening: ${out}`)));
  });
}
