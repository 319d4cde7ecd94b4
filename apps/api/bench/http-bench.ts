// The HTTP list benchmarks' shared parts: the API and the ceiling started as child processes, and
// autocannon runs at 20 connections with exact per-response percentiles.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './support.js';

const ROOT = join(import.meta.dirname, '..');

export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const squatter = await fetch(readyUrl).then(
    () => true,
    () => false,
  );
  if (squatter) throw new Error(`${new URL(readyUrl).host} is already in use: stop the process listening there and run again`);
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(readyUrl)).status < 500) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`${args[0]} exited`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${args[0]} did not start`);
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export interface Figures {
  name: string;
  rps: number;
  p95: number;
  p99: number;
  p50: number;
  errors: number;
}

/** 20 connections for 10 s after 3 s of warm-up; latencies recorded per response (exact p95). */
export async function measure(name: string, options: autocannon.Options): Promise<Figures> {
  await new Promise((resolve, reject) =>
    autocannon({ ...options, connections: 20, duration: 3 }, (error, done) => (error ? reject(error) : resolve(done))),
  );
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...options, connections: 20, duration: 10 }, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

export const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

/** The figures as a table, each run's throughput as a share of the first (the ceiling). */
export function printFigures(runs: readonly Figures[], log: (line: string) => void) {
  const top = runs[0]!.rps;
  log('\n  route                                   req/s   p50 ms   p95 ms   of ceiling  errors');
  for (const r of runs)
    log(`  ${r.name.padEnd(36)}${fmt(r.rps, 0)} ${fmt(r.p50)} ${fmt(r.p95)}   ${fmt((100 * r.rps) / top, 0)} %  ${r.errors}`);
}
