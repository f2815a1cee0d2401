/**
 * A light English stemmer: folds plurals, -ed and -ing (Porter's steps 1a, 1b and 1c, plus the final-e
 * and double-l clean-up of step 5) so that "uses", "used", "using" and "use" share one stem. Derivational
 * suffixes (-ment, -ation, -er) are left alone: they change meaning too often in tool names.
 *
 * @example stem('queries') === stem('query') // 'queri'
 */
export function stem(word: string): string {
  if (word.length <= 2 || !/^[a-z]+$/.test(word)) return word;
  let result = stripPlural(word);
  result = stripVerbEnding(result);
  if (result.endsWith('y') && hasVowel(result.slice(0, -1))) result = `${result.slice(0, -1)}i`;
  return tidyEnding(result);
}

// --- internal ---

function stripPlural(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies')) return `${word.slice(0, -3)}i`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  if (word.endsWith('eed')) return measure(word.slice(0, -3)) > 0 ? word.slice(0, -1) : word;
  const suffix = word.endsWith('ed') ? 2 : word.endsWith('ing') ? 3 : 0;
  if (suffix === 0) return word;
  const base = word.slice(0, -suffix);
  if (!hasVowel(base)) return word;
  if (base.endsWith('at') || base.endsWith('bl') || base.endsWith('iz')) return `${base}e`;
  const last = base.at(-1) ?? '';
  if (last === base.at(-2) && isConsonant(base, base.length - 1) && !'lsz'.includes(last)) {
    return base.slice(0, -1);
  }
  if (measure(base) === 1 && endsConsonantVowelConsonant(base)) return `${base}e`;
  return base;
}

// Porter step 5: drop a final e when the stem is long enough, and reduce a final double l.
function tidyEnding(word: string): string {
  if (word.endsWith('e')) {
    const base = word.slice(0, -1);
    const m = measure(base);
    if (m > 1 || (m === 1 && !endsConsonantVowelConsonant(base))) return base;
  }
  if (word.endsWith('ll') && measure(word) > 1) return word.slice(0, -1);
  return word;
}

function isConsonant(word: string, index: number): boolean {
  const char = word[index];
  if (char === 'a' || char === 'e' || char === 'i' || char === 'o' || char === 'u') return false;
  if (char === 'y') return index === 0 || !isConsonant(word, index - 1);
  return true;
}

function hasVowel(word: string): boolean {
  for (let index = 0; index < word.length; index++) if (!isConsonant(word, index)) return true;
  return false;
}

// Porter's m: the number of vowel-consonant sequences in the word.
function measure(word: string): number {
  let count = 0;
  let isPreviousVowel = false;
  for (let index = 0; index < word.length; index++) {
    const isVowel = !isConsonant(word, index);
    if (!isVowel && isPreviousVowel) count++;
    isPreviousVowel = isVowel;
  }
  return count;
}

function endsConsonantVowelConsonant(word: string): boolean {
  const length = word.length;
  if (length < 3) return false;
  const last = word[length - 1] ?? '';
  return (
    isConsonant(word, length - 3) &&
    !isConsonant(word, length - 2) &&
    isConsonant(word, length - 1) &&
    !'wxy'.includes(last)
  );
}
