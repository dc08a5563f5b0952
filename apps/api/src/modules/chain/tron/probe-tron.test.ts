import { describe, expect, it } from 'vitest';
import { startTronMock } from '../../../../test/tron-mock';
import { probeTronApi } from './probe-tron';
import { createTronApi } from './tron-api';

function recordingLog() {
  const lines: { level: string; msg: string; obj: object }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: 'info', msg, obj }),
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, obj }),
  };
}

describe('the TRON API probe at worker start', () => {
  it('logs the head of a node that answers', async () => {
    const tron = await startTronMock();
    try {
      tron.mine(3);
      const log = recordingLog();
      expect(await probeTronApi(createTronApi(tron.url), tron.url, log)).toBe(true);
      expect(log.lines).toEqual([
        { level: 'info', msg: 'TRON API reachable', obj: { apiUrl: tron.url, head: 3 } },
      ]);
    } finally {
      await tron.close();
    }
  });

  it('logs a clear warning, and does not throw, when nothing answers', async () => {
    const tron = await startTronMock();
    const url = tron.url;
    await tron.close(); // the port is free now: connection refused
    const log = recordingLog();
    expect(await probeTronApi(createTronApi(url), url, log)).toBe(false);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 'warn', obj: { apiUrl: url } });
    expect(log.lines[0]!.msg).toMatch(/TRON API unreachable/);
  });
});
