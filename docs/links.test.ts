import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The product's documentation must stand on its own in a clone: every link leads to a file of the
// repository, and nothing points outside it (a clone has no sibling folders).
const repository = resolve(import.meta.dirname, '..');
const documents = ['README.md', ...readdirSync(import.meta.dirname).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

const relativeLinksOf = (markdown: string) =>
  [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:|^#/.test(target));

describe.each(documents)('%s', (document) => {
  const text = readFileSync(join(repository, document), 'utf8');

  it('links only to files that exist in the repository', () => {
    for (const target of relativeLinksOf(text)) {
      const path = resolve(dirname(join(repository, document)), target.split('#')[0]!);
      expect(path.startsWith(repository + '/'), `${target} leaves the repository`).toBe(true);
      expect(existsSync(path), `${target} does not exist`).toBe(true);
    }
  });

  it('names no path outside the repository', () => {
    expect(text).not.toMatch(/\.\.\/shared|`\.\.\//);
  });
});

it('the README links to every document in docs/', () => {
  const readme = readFileSync(join(repository, 'README.md'), 'utf8');
  for (const document of documents.filter((name) => name !== 'README.md')) expect(readme, document).toContain(`](${document})`);
});
