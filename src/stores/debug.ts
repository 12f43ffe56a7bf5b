import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';

/** Local-storage key and value that switch on the hidden debug mode (spec §1, SITE-20). */
export const debugStorageKey = 'inkwise-debug';
export const debugOnValue = 'on';

/** The raw debug flag, persisted in local storage, the same in every tab. */
export const $debugFlag = persistentAtom<string>(debugStorageKey, '', { listen: true });

/** True when the hidden debug mode is on: the editors offer "Load test content". */
export const $debugMode = computed($debugFlag, (value) => value === debugOnValue);
