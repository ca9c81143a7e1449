import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ANTD_COMPONENTS, ANTD_STYLE_GROUPS } from '@/prerender/antdComponents';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The antd components a source file imports by name. */
function antdImports(source: string): string[] {
  return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)].flatMap(([, names]) =>
    names!
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ') && /^[A-Z]/.test(name))
      .map((name) => name.split(/\s+as\s+/)[0]!),
  );
}

// The player site's files. The back office (src/backoffice) has its own build, whose antd generates its
// styles at run time (src/backoffice/theme.ts): the extracted sheets are not its.
const BACK_OFFICE = path.join(__dirname, '../../src/backoffice');
const SOURCES = sourceFiles(path.join(__dirname, '../../src'))
  .filter((file) => !file.startsWith(BACK_OFFICE + path.sep))
  .map((file) => ({
    file: path.relative(path.join(__dirname, '../..'), file),
    source: readFileSync(file, 'utf8'),
  }));

describe('the production stylesheets of antd', () => {
  it('cover every antd component the site imports (a missing one would show unstyled)', () => {
    const imported = new Set(SOURCES.flatMap(({ source }) => antdImports(source)));
    expect(imported.size).toBeGreaterThan(10);
    const missing = [...imported].filter(
      (name) => !ANTD_COMPONENTS.includes(name) && name !== 'ConfigProvider',
    );
    expect(missing).toEqual([]);
  });

  it("load a large component's own sheet wherever the component is used (it is not in antd.css)", () => {
    const missing: string[] = [];
    for (const [group, components] of Object.entries(ANTD_STYLE_GROUPS)) {
      for (const { file, source } of SOURCES) {
        const uses = antdImports(source).filter((name) => components.includes(name));
        if (uses.length > 0 && !source.includes(`import '@build/antd/antd-${group}.css';`)) {
          missing.push(`${file} uses ${uses.join(', ')} without antd-${group}.css`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('group only components the site uses, each in one group', () => {
    const grouped = Object.values(ANTD_STYLE_GROUPS).flat();
    expect(grouped.filter((name) => !ANTD_COMPONENTS.includes(name))).toEqual([]);
    expect(new Set(grouped).size).toBe(grouped.length);
  });
});
