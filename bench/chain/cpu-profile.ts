import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * V8's CPU profile of this process around chosen steps only (not the set-up), through the inspector, as
 * `node --cpu-prof` would write it: `profile-top.ts` reads it. With no folder given it profiles nothing.
 */
export async function cpuProfiler(dir: string | undefined) {
  if (!dir) return { around: <T>(_: string, work: () => Promise<T>) => work(), close: async () => {} };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 100 µs between samples: a range's read is a few hundred ms.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  return {
    async around<T>(name: string, work: () => Promise<T>): Promise<T> {
      await session.post('Profiler.start');
      try {
        return await work();
      } finally {
        const { profile } = await session.post('Profiler.stop');
        const file = join(dir, `${name}.cpuprofile`);
        writeFileSync(file, JSON.stringify(profile));
        process.stderr.write(`[bench:chain] CPU profile of "${name}" in ${file}\n`);
      }
    },
    close: async () => session.disconnect(),
  };
}
