import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_TYPE_LABELS, ADMIN_ROLE_OF_KIND, SYSTEM_ROLE_KEYS, SYSTEM_ROLES } from '@amp/contracts/organisation';
import { PERMISSION_HELP, PERMISSIONS } from '@amp/contracts/permissions';
import { GRANT_IMPLIES } from '@amp/contracts/user';
import { describe, expect, it } from 'vitest';

/**
 * docs/roles-and-permissions.md shows SYSTEM_ROLES (packages/contracts/src/organisation.ts). The
 * part between the markers is generated here; this test fails when the two drift apart.
 * Regenerate with: UPDATE_DOCS=1 npx vitest run src/docs.test.ts
 */
const DOC = join(import.meta.dirname, '../../../docs/roles-and-permissions.md');
const START = '<!-- generated from SYSTEM_ROLES: start -->';
const END = '<!-- generated from SYSTEM_ROLES: end -->';

const code = (value: string) => `\`${value}\``;

function renderSystemRoles(): string {
  const adminOf = (key: string) =>
    Object.entries(ADMIN_ROLE_OF_KIND)
      .filter(([, role]) => role === key)
      .map(([kind]) => ACCOUNT_TYPE_LABELS[kind as keyof typeof ACCOUNT_TYPE_LABELS]);
  const summary = [
    '| Role | Key | Organisation kinds | First user (admin) of | Permissions |',
    '|---|---|---|---|---|',
    ...SYSTEM_ROLE_KEYS.map((key) => {
      const role = SYSTEM_ROLES[key];
      const admin = adminOf(key);
      return `| ${role.name} | ${code(key)} | ${role.kinds.map(code).join(', ')} | ${admin.length ? admin.join(', ') : '(staff role)'} | ${role.permissions.length} |`;
    }),
  ];
  const matrix = [
    `| Permission | What it allows | ${SYSTEM_ROLE_KEYS.map((key) => SYSTEM_ROLES[key].name).join(' | ')} |`,
    `|---|---|${SYSTEM_ROLE_KEYS.map(() => ':---:').join('|')}|`,
    ...PERMISSIONS.map(
      (permission) =>
        `| ${code(permission)} | ${PERMISSION_HELP[permission]} | ${SYSTEM_ROLE_KEYS.map((key) => (SYSTEM_ROLES[key].permissions.includes(permission) ? '✓' : '')).join(' | ')} |`,
    ),
  ];
  const implied = Object.entries(GRANT_IMPLIES).map(
    ([held, grants]) => `- holding ${code(held)} also allows granting ${(grants ?? []).map(code).join(', ')}`,
  );
  return [
    START,
    '',
    '### System roles',
    '',
    ...summary,
    '',
    '### Default permissions',
    '',
    ...matrix,
    '',
    '### Narrower permissions one may grant',
    '',
    ...implied,
    '',
    END,
  ].join('\n');
}

function generatedPart(markdown: string): string {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${DOC} lacks the generated markers`);
  return markdown.slice(start, end + END.length);
}

/** The ✓ cells of the markdown matrix, read back as role name -> permissions. */
function parseMatrix(markdown: string): Record<string, string[]> {
  const lines = markdown.split('\n').filter((line) => line.startsWith('| `'));
  const header = markdown.split('\n').find((line) => line.startsWith('| Permission |'))!;
  const roleNames = header
    .split('|')
    .slice(3, -1)
    .map((cell) => cell.trim());
  const out: Record<string, string[]> = Object.fromEntries(roleNames.map((name) => [name, []]));
  for (const line of lines) {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== roleNames.length + 2) continue;
    const permission = cells[0]!.replaceAll('`', '');
    roleNames.forEach((name, i) => {
      if (cells[i + 2] === '✓') out[name]!.push(permission);
    });
  }
  return out;
}

describe('docs/roles-and-permissions.md', () => {
  if (process.env.UPDATE_DOCS === '1') {
    const markdown = readFileSync(DOC, 'utf8');
    writeFileSync(DOC, markdown.replace(generatedPart(markdown), renderSystemRoles()));
  }
  const markdown = readFileSync(DOC, 'utf8');

  it('shows every system role with exactly its default permissions', () => {
    const matrix = parseMatrix(markdown);
    const expected = Object.fromEntries(SYSTEM_ROLE_KEYS.map((key) => [SYSTEM_ROLES[key].name, [...SYSTEM_ROLES[key].permissions].sort()]));
    expect(Object.fromEntries(Object.entries(matrix).map(([name, permissions]) => [name, permissions.sort()]))).toEqual(expected);
  });

  it('matches the generated tables exactly (regenerate with UPDATE_DOCS=1)', () => {
    expect(generatedPart(markdown)).toBe(renderSystemRoles());
  });
});
