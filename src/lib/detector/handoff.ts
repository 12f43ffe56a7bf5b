/** Session-storage keys and the same-page event that carry text between the humanizer and the AI detector. */
export const handoff = { toDetector: 'detector-handoff', toHumanizer: 'humanizer-handoff', event: 'inkwise:detector-handoff' } as const;
