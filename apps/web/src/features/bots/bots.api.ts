import { ErrorCodes, Paths, type TCreateBotRequest, ZBot, ZBotPreview, zPage } from '@app/contracts';
import { api, pathWith } from '../../app/api';

const ZBotPage = zPage(ZBot);

export const botKeys = {
  all: ['bots'] as const,
  list: ['bots', 'list'] as const,
  preview: (body: unknown) => ['bots', 'preview', body] as const,
};

/** The form shows every refusal under itself: no toast on top. */
const inPlace: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT', 'INTERNAL'];

export type BotAction = 'pause' | 'resume' | 'add-entry' | 'close' | 'stop';

const actionPaths = {
  pause: Paths.botPause,
  resume: Paths.botResume,
  'add-entry': Paths.botAddEntry,
  close: Paths.botClose,
} as const;

export const botsApi = {
  list: (page: number, pageSize: number) => api.get(Paths.bots, ZBotPage, { query: { page, pageSize } }),
  preview: (body: TCreateBotRequest, signal?: AbortSignal) =>
    api.post(Paths.botPreview, ZBotPreview, body, { signal, silent: true, handled: inPlace }),
  create: (body: TCreateBotRequest) => api.post(Paths.bots, ZBot, body, { handled: inPlace }),
  act: (id: string, action: BotAction) =>
    action === 'stop'
      ? api.delete(pathWith(Paths.bot, { id }), ZBot)
      : api.post(pathWith(actionPaths[action], { id }), ZBot),
};
