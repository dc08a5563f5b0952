import {
  Endpoints,
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
  pause: Endpoints.bots.botPause,
  resume: Endpoints.bots.botResume,
  'add-entry': Endpoints.bots.botAddEntry,
  close: Endpoints.bots.botClose,
  reverse: Endpoints.bots.botReverse,
} as const;

export const botsApi = {
  list: (page: number, pageSize: number) => api.call(Endpoints.bots.bots, { query: { page, pageSize } }),
  preview: (body: TCreateBotRequest, signal?: AbortSignal) =>
    api.call(Endpoints.bots.botPreview, { body, signal, silent: true, handled: inPlace }),
  create: (body: TCreateBotRequest) => api.call(Endpoints.bots.postBots, { body, handled: inPlace }),
  previewGroup: (body: TCreateBotGroupRequest, signal?: AbortSignal) =>
    api.call(Endpoints.bots.botGroupPreview, { body, signal, silent: true, handled: inPlace }),
  createGroup: (body: TCreateBotGroupRequest) =>
    api.call(Endpoints.bots.botGroups, { body, handled: inPlace }),
  /** Refusals are shown in the receipt popup that asked for the action. */
  act: (id: string, action: BotAction) =>
    action === 'stop'
      ? api.call(Endpoints.bots.deleteBot, { params: { id }, handled: inPlace })
      : api.call(actionEndpoints[action], { params: { id }, handled: inPlace }),
  closeCycle: (cycleId: string) =>
    api.call(Endpoints.bots.botCycleClose, { params: { id: cycleId }, handled: inPlace }),
  position: (id: string) => api.call(Endpoints.bots.botPosition, { params: { id } }),
  markets: (signal?: AbortSignal) => api.call(Endpoints.bots.botMarkets, { signal }),
  switchMarket: (body: TBotMarketSwitch) =>
    api.call(Endpoints.bots.putBotMarkets, { body, handled: inPlace }),
  switchAio: (id: string, on: boolean) =>
    api.call(Endpoints.bots.botAio, { params: { id }, body: { on }, handled: inPlace }),
  groupRunning: (groupId: string, running: boolean) =>
    api.call(running ? Endpoints.bots.botGroupResume : Endpoints.bots.botGroupPause, {
      params: { id: groupId },
      handled: inPlace,
    }),
};
