import {
  BotsEndpoints,
  ErrorCodes,
  type TBotMarketSwitch,
  type TCreateBotGroupRequest,
  type TCreateBotRequest,
} from '@app/contracts';
import { api } from '../../app/api';

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

const actionEndpoints = {
  pause: BotsEndpoints.botPause,
  resume: BotsEndpoints.botResume,
  'add-entry': BotsEndpoints.botAddEntry,
  close: BotsEndpoints.botClose,
  reverse: BotsEndpoints.botReverse,
} as const;

export const botsApi = {
  list: (page: number, pageSize: number) => api.call(BotsEndpoints.bots, { query: { page, pageSize } }),
  preview: (body: TCreateBotRequest, signal?: AbortSignal) =>
    api.call(BotsEndpoints.botPreview, { body, signal, silent: true, handled: inPlace }),
  create: (body: TCreateBotRequest) => api.call(BotsEndpoints.postBots, { body, handled: inPlace }),
  previewGroup: (body: TCreateBotGroupRequest, signal?: AbortSignal) =>
    api.call(BotsEndpoints.botGroupPreview, { body, signal, silent: true, handled: inPlace }),
  createGroup: (body: TCreateBotGroupRequest) =>
    api.call(BotsEndpoints.botGroups, { body, handled: inPlace }),
  /** Refusals are shown in the receipt popup that asked for the action. */
  act: (id: string, action: BotAction) =>
    action === 'stop'
      ? api.call(BotsEndpoints.deleteBot, { params: { id }, handled: inPlace })
      : api.call(actionEndpoints[action], { params: { id }, handled: inPlace }),
  closeCycle: (cycleId: string) =>
    api.call(BotsEndpoints.botCycleClose, { params: { id: cycleId }, handled: inPlace }),
  position: (id: string) => api.call(BotsEndpoints.botPosition, { params: { id } }),
  markets: (signal?: AbortSignal) => api.call(BotsEndpoints.botMarkets, { signal }),
  switchMarket: (body: TBotMarketSwitch) => api.call(BotsEndpoints.putBotMarkets, { body, handled: inPlace }),
  switchAio: (id: string, on: boolean) =>
    api.call(BotsEndpoints.botAio, { params: { id }, body: { on }, handled: inPlace }),
  groupRunning: (groupId: string, running: boolean) =>
    api.call(running ? BotsEndpoints.botGroupResume : BotsEndpoints.botGroupPause, {
      params: { id: groupId },
      handled: inPlace,
    }),
};
