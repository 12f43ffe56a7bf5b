/**
 * Fixed word lists the detector's features read. They are part of the feature definition (changing them
 * changes the model), so the model file records a fingerprint of them and refuses to load on a mismatch.
 */

/** Function words whose rates form the function-word profile (classic stylometry, Mosteller & Wallace style). */
export const FUNCTION_WORDS: readonly string[] = [
  'the', 'a', 'an', 'and', 'but', 'or', 'so', 'because', 'if', 'when', 'while', 'although', 'though', 'as',
  'of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from', 'about', 'into', 'through', 'between', 'over',
  'this', 'that', 'these', 'those', 'which', 'who', 'what', 'there', 'it', 'its',
  'i', 'me', 'my', 'we', 'our', 'you', 'your', 'he', 'his', 'she', 'her', 'they', 'their', 'them',
  'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'do', 'did', 'not', 'no',
  'can', 'could', 'will', 'would', 'may', 'might', 'should', 'must',
  'also', 'just', 'very', 'only', 'even', 'still', 'then', 'now', 'all', 'some', 'more', 'most', 'each',
];

/**
 * Words and phrases that current chat assistants over-use and that student writers, native or not, rarely
 * reach for. Deliberately excluded: the connectives taught in essay classes ("moreover", "furthermore",
 * "in conclusion", "firstly", "overall"), which second-language writers use as often as machines do.
 */
export const STOCK_PHRASES: readonly string[] = [
  'delve', 'delves', 'delving', 'tapestry', 'testament to', 'realm', 'intricate', 'intricacies', 'multifaceted',
  'underscore', 'underscores', 'underscoring', 'nuanced', 'pivotal', 'showcase', 'showcases', 'showcasing',
  'foster', 'fostering', 'fosters', 'vibrant', 'seamless', 'seamlessly', 'holistic', 'leverage', 'leveraging',
  'navigate the', 'navigating the', 'in today\'s', 'ever-evolving', 'ever-changing', 'bustling', 'embark',
  'embarked', 'resonate', 'resonates', 'unwavering', 'meticulous', 'meticulously', 'paramount', 'profound',
  'a myriad of', 'myriad', 'plethora', 'commendable', 'invaluable', 'endeavor', 'endeavors', 'endeavour',
  'it is important to note', 'it is worth noting', 'it\'s important to note', 'plays a crucial role',
  'play a crucial role', 'a crucial role', 'plays a vital role', 'a vital role', 'a significant role',
  'a rich history', 'rich tapestry', 'a sense of', 'serves as a', 'stands as a', 'shed light on', 'sheds light on',
  'in the realm of', 'the landscape of', 'landscape', 'cutting-edge', 'game-changer', 'groundbreaking',
  'transformative', 'unparalleled', 'valuable insights', 'insights into', 'a deeper understanding', 'beacon',
  'captivating',
  'enigmatic', 'whispering', 'whispered', 'echoed', 'palpable', 'amidst', 'interplay', 'underpinning',
  'notably', 'remarkably', 'boasts', 'thrilling', 'breathtaking',
];

/** Fingerprint of the lists, recorded in the model file. */
export function lexiconFingerprint(): string {
  let h = 0x811c9dc5;
  const s = FUNCTION_WORDS.join('|') + '#' + STOCK_PHRASES.join('|');
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}
