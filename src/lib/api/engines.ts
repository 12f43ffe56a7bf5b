import type { EngineStatus } from '../../domain/endpoints/engines.ts';
import { endpoints } from '../../domain/endpoints/paths.ts';
import { api } from './instance.ts';

/** What each tool can do on this installation (GET /api/engines); the pages ask before a run. */
export const fetchEngineStatus = () => api<EngineStatus>(endpoints.engines, { silent: true });
