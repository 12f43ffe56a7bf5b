import { readFileSync } from 'node:fs';
import type { Detection } from '../../src/domain/detector.ts';
import { segmentsToDoc, textToDoc } from '../../src/domain/humanizer.ts';
import { detect } from '../engines/detector/index.ts';
import { humanize } from '../engines/humanizer/index.ts';
import { detectionView } from './detections.ts';

/** The sample text every visitor can run for free (never priced, spec §5), the one the editors show. */
export const sampleText = readFileSync(new URL('../../src/domain/samples/humanizer.txt', import.meta.url), 'utf8').trim();

const humanized = new Map<boolean, ReturnType<typeof buildHumanized>>();
let detected: Detection | undefined;

function buildHumanized(ultra: boolean) {
  const result = humanize(sampleText, { ultra, seed: 1 });
  return { data: segmentsToDoc(result.paragraphs), dataWithoutFormat: result.text, rawInputData: textToDoc(sampleText), orderGroup: [] as string[], isUltra: ultra };
}

/** The sample's humanized version, computed once per mode: the same free result for everyone. */
export function humanizerSample(ultra: boolean) {
  if (!humanized.has(ultra)) humanized.set(ultra, buildHumanized(ultra));
  return humanized.get(ultra)!;
}

/** The sample's AI detection, computed once. */
export function detectorSample(): Detection {
  detected ??= detectionView(sampleText, detect(sampleText));
  return detected;
}
