import { CACHE_DEFEAT_WORDS, cacheDefeatWords } from './state-words';

/** The few Node calls this spec needs (Vitest runs specs in Node; the project has no @types/node). */
interface NodeFs {
  readFileSync(path: string, encoding: 'utf8'): string;
}
declare const process: { getBuiltinModule(id: 'node:fs'): NodeFs };

/** The server's DEFEAT_WORDS (relative to ui/, where `ng test` runs): every method a stored result can name. */
function serverDefeatWords(): Record<string, string> {
  const source = process.getBuiltinModule('node:fs').readFileSync('../middleware/tuning/core/bench/cache_defeat.py', 'utf8');
  const table = /^DEFEAT_WORDS = \{([\s\S]*?)\}$/m.exec(source);
  if (!table) {
    throw new Error('DEFEAT_WORDS not found in cache_defeat.py');
  }
  const pairs = [...table[1].matchAll(/'([A-Z_]+)':\s*(['"])(.*?)\2/g)];
  return Object.fromEntries(pairs.map((m) => [m[1], m[3]]));
}

describe('cache-defeat words', () => {
  it('word every method the server can send, as the server words it', () => {
    const server = serverDefeatWords();
    expect(Object.keys(server)).toContain('CLIENT_DIRECT_IO');   // the parse found the whole table
    expect(CACHE_DEFEAT_WORDS).toEqual(server);
  });

  it('say a client kit’s method in words, never its key', () => {
    expect(cacheDefeatWords('CLIENT_DIRECT_IO')).toBe('Direct I/O on the client');
    expect(cacheDefeatWords('CLIENT_WORKING_SET')).toBe('A working set larger than the client’s cache');
  });

  it('say a method this panel does not know in neutral words, not as its key', () => {
    expect(cacheDefeatWords('SOME_NEW_METHOD')).toBe('Caches kept out another way');
  });
});
