import {
  ErrorCodes,
  Paths,
  type TBotMarketSwitch,
  type TCreateBotGroupRequest,
  type TCreateBotRequest,
  ZBot,
  ZBotGroup,
  ZBotGroupPreview,
  ZBotMarketSwitches,
  ZBotPositionEstimate,
  ZBotPreview,
  zPage,
} from '@app/contracts';
import { api, pathWith } from '../../app/api';

const ZBotPage = zPage(ZBot);

export const botKeys = {
  all: ['bots'] as const,
  list: ['bots', 'list'] as const,
  markets: ['bots', 'markets'] as const,
  preview: (body: unknown) => ['bots', 'preview', body] as const,
  basketPreview: (body: unknown) => ['bots', 'basket-preview', body] as const,
};

/** The form shows every refusal under itself: no toast on top. */
const inPlace: readonly string[] = [...ErrorCodes, 'NETWORK_ERROR', 'TIMEOUT', 'INTERNAL'];

export type BotAction = 'pause' | 'resume' | 'add-entry' | 'close' | 'reverse' | 'stop';

const actionPaths = {
  pause: Paths.botPause,
  resume: Paths.botResume,
  'add-entry': Paths.botAddEntry,
  close: Paths.botClose,
  reverse: Paths.botReverse,
} as const;

export const botsApi = {
  list: (page: number, pageSize: number) => api.get(Paths.bots, ZBotPage, { query: { page, pageSize } }),
  preview: (body: TCreateBotRequest, signal?: AbortSignal) =>
    api.post(Paths.botPreview, ZBotPreview, body, { signal, silent: true, handled: inPlace }),
  create: (body: TCreateBotRequest) => api.post(Paths.bots, ZBot, body, { handled: inPlace }),
  previewGroup: (body: TCreateBotGroupRequest, signal?: AbortSignal) =>
    api.post(Paths.botGroupPreview, ZBotGroupPreview, body, { signal, silent: true, handled: inPlace }),
  createGroup: (body: TCreateBotGroupRequest) =>
    api.post(Paths.botGroups, ZBotGroup, body, { handled: inPlace }),
  /** Refusals are shown in the receipt popup that asked for the action. */
  act: (id: string, action: BotAction) =>
    action === 'stop'
      ? api.delete(pathWith(Paths.bot, { id }), ZBot, { handled: inPlace })
      : api.post(pathWith(actionPaths[action], { id }), ZBot, {}, { handled: inPlace }),
  closeCycle: (cycleId: string) =>
    api.post(pathWith(Paths.botCycleClose, { id: cycleId }), ZBot, {}, { handled: inPlace }),
  position: (id: string) => api.get(pathWith(Paths.botPosition, { id }), ZBotPositionEstimate),
  markets: (signal?: AbortSignal) => api.get(Paths.botMarkets, ZBotMarketSwitches, { signal }),
  switchMarket: (body: TBotMarketSwitch) =>
    api.put(Paths.botMarkets, ZBotMarketSwitches, body, { handled: inPlace }),
  switchAio: (id: string, on: boolean) =>
    api.put(pathWith(Paths.botAio, { id }), ZBot, { on }, { handled: inPlace }),
  groupRunning: (groupId: string, running: boolean) =>
    api.post(
      pathWith(running ? Paths.botGroupResume : Paths.botGroupPause, { id: groupId }),
      ZBotGroup,
      {},
      { handled: inPlace },
    ),
};
