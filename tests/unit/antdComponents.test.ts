import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ANTD_COMPONENTS } from '@/prerender/antdComponents';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('the production stylesheet of antd', () => {
  it('covers every antd component the site imports (a missing one would show unstyled)', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(path.join(__dirname, '../../src'))) {
      const source = readFileSync(file, 'utf8');
      for (const [, names] of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
        names!
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type ') && /^[A-Z]/.test(name))
          .forEach((name) => imported.add(name.split(/\s+as\s+/)[0]!));
      }
    }
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported].filter(
      (name) => !ANTD_COMPONENTS.includes(name) && name !== 'ConfigProvider',
    );
    expect(missing).toEqual([]);
  });
});
