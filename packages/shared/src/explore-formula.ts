// The explorer's formula series (issue 17, ADR 026): arithmetic over the other series of the chart,
// such as `B / A` or `(A - B) / A * 100`, read by a small parser (no eval): numbers, the series
// letters, + - * /, unary minus and parentheses. Evaluated bucket by bucket; a division by zero, a
// missing operand or any result that is not a finite number is a gap (null), never Infinity.

/** Series letters in chart order: A is the first series. */
export const SERIES_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type SeriesLetter = (typeof SERIES_LETTERS)[number];
export const FORMULA_MAX_LENGTH = 200;

export type FormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'series'; letter: SeriesLetter }
  | { kind: 'negate'; operand: FormulaNode }
  | { kind: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode };

export type FormulaResult = { ok: true; node: FormulaNode; letters: SeriesLetter[] } | { ok: false; message: string };

type Token = { kind: 'number'; value: number; at: number } | { kind: 'letter'; letter: string; at: number } | { kind: 'symbol'; symbol: string; at: number };

class FormulaError extends Error {}

const isLetter = (text: string): text is SeriesLetter => (SERIES_LETTERS as readonly string[]).includes(text);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    const char = text.charAt(at);
    if (char === ' ') {
      at += 1;
    } else if (/[0-9.]/u.test(char)) {
      const match = /^(?:\d+(?:\.\d+)?|\.\d+)/u.exec(text.slice(at));
      if (!match) throw new FormulaError(`Formula: “${char}” at character ${at + 1} does not start a number`);
      tokens.push({ kind: 'number', value: Number(match[0]), at });
      at += match[0].length;
    } else if (/[A-Za-z]/u.test(char)) {
      tokens.push({ kind: 'letter', letter: char.toUpperCase(), at });
      at += 1;
    } else if ('+-*/()'.includes(char)) {
      tokens.push({ kind: 'symbol', symbol: char, at });
      at += 1;
    } else {
      throw new FormulaError(`Formula: “${char}” at character ${at + 1} is not allowed (use series letters, numbers, + - * / and parentheses)`);
    }
  }
  return tokens;
}

/** Parses a formula; letters must name series of the chart (`available`). */
export function parseFormula(text: string, available: readonly SeriesLetter[]): FormulaResult {
  if (text.trim() === '') return { ok: false, message: 'Formula: write an expression such as B / A' };
  if (text.length > FORMULA_MAX_LENGTH) return { ok: false, message: `Formula: at most ${FORMULA_MAX_LENGTH} characters` };
  try {
    const tokens = tokenize(text);
    let index = 0;
    const letters = new Set<SeriesLetter>();
    const peek = () => tokens[index];
    const describe = (token: Token | undefined) =>
      token === undefined ? 'the end' : `“${token.kind === 'number' ? String(token.value) : token.kind === 'letter' ? token.letter : token.symbol}” at character ${token.at + 1}`;
    const isSymbol = (token: Token | undefined, symbols: string): token is Token & { kind: 'symbol' } =>
      token?.kind === 'symbol' && symbols.includes(token.symbol);

    // Nesting is bounded by the length limit (200 characters: at most 100 parentheses deep).
    const expression = (): FormulaNode => {
      let node = term();
      for (let next = peek(); isSymbol(next, '+-'); next = peek()) {
        index += 1;
        node = { kind: 'binary', operator: next.symbol as '+' | '-', left: node, right: term() };
      }
      return node;
    };
    const term = (): FormulaNode => {
      let node = factor();
      for (let next = peek(); isSymbol(next, '*/'); next = peek()) {
        index += 1;
        node = { kind: 'binary', operator: next.symbol as '*' | '/', left: node, right: factor() };
      }
      return node;
    };
    const factor = (): FormulaNode => {
      const token = peek();
      index += 1;
      if (token?.kind === 'number') return { kind: 'number', value: token.value };
      if (token?.kind === 'letter') {
        if (!isLetter(token.letter) || !available.includes(token.letter)) {
          throw new FormulaError(`Formula: there is no series ${token.letter} (the chart has ${available.join(', ')})`);
        }
        letters.add(token.letter);
        return { kind: 'series', letter: token.letter };
      }
      if (isSymbol(token, '-')) return { kind: 'negate', operand: factor() };
      if (isSymbol(token, '(')) {
        const inner = expression();
        if (!isSymbol(peek(), ')')) throw new FormulaError(`Formula: expected “)” before ${describe(peek())}`);
        index += 1;
        return inner;
      }
      throw new FormulaError(`Formula: expected a series letter, a number or “(” at ${describe(token)}`);
    };

    const node = expression();
    if (index < tokens.length) throw new FormulaError(`Formula: unexpected ${describe(peek())}`);
    if (letters.size === 0) throw new FormulaError('Formula: use at least one series letter, such as B / A');
    return { ok: true, node, letters: SERIES_LETTERS.filter((letter) => letters.has(letter)) };
  } catch (error) {
    if (error instanceof FormulaError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The formula's value for one bucket: null when an operand is missing, on division by zero, or when not finite. */
export function evaluateFormula(node: FormulaNode, values: Partial<Record<SeriesLetter, number | null>>): number | null {
  const value = evaluate(node, values);
  return value === null || !Number.isFinite(value) ? null : value;
}

function evaluate(node: FormulaNode, values: Partial<Record<SeriesLetter, number | null>>): number | null {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'series':
      return values[node.letter] ?? null;
    case 'negate': {
      const operand = evaluate(node.operand, values);
      return operand === null ? null : -operand;
    }
    case 'binary': {
      const left = evaluate(node.left, values);
      const right = evaluate(node.right, values);
      if (left === null || right === null) return null;
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      if (node.operator === '*') return left * right;
      return right === 0 ? null : left / right;
    }
  }
}
