import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

const root = join(__dirname, '../../public/locales');
type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Array<[string, string | Tree]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

function load(language: string, file: string): Tree {
  return JSON.parse(readFileSync(join(root, language, file), 'utf8')) as Tree;
}

const namespaces = readdirSync(join(root, 'lo')).filter((file) => file.endsWith('.json'));

describe('translations', () => {
  it.each(namespaces)('%s: every Lao key has a non-empty Chinese and Vietnamese text', (file) => {
    const lo = leaves(load('lo', file));
    for (const language of ['cn', 'vn']) {
      const other = new Map(leaves(load(language, file)));
      const missing = lo.filter(
        ([key]) => typeof other.get(key) !== 'string' || !String(other.get(key)).trim(),
      );
      expect({ language, missing: missing.map(([key]) => key) }).toEqual({ language, missing: [] });
    }
    expect(lo.filter(([, text]) => !String(text).trim()).map(([key]) => key)).toEqual([]);
  });

  it('has a message for every ErrorCode of the contract in every language', () => {
    const spec = parse(readFileSync(join(__dirname, '../../openapi.yaml'), 'utf8')) as {
      components: { schemas: { ErrorCode: { enum: string[] } } };
    };
    for (const language of ['lo', 'cn', 'vn']) {
      const errors = load(language, 'errors.json');
      const missing = spec.components.schemas.ErrorCode.enum.filter(
        (code) => typeof errors[code] !== 'string',
      );
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
