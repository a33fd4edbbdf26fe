import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

// The import zones of eslint.config.js (ADR 0011), run on snippets as if they were in real files. Only
// no-restricted-imports runs, without type information, so this takes a moment and not a type-check.
const eslint = new ESLint({
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
})

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`)
}

describe('import zones', () => {
  it('fails a feature that imports another feature', async () => {
    const errors = await zoneErrors(
      'src/features/auth/confirm-email/confirm-email-page.tsx',
      "import { saveChosenCommunity } from '@/features/onboarding/lib/wizard-storage'\nexport const f = saveChosenCommunity\n",
    )
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*src\/features\/auth may not import another feature/)])
  })

  it('fails a relative import that climbs out of its feature', async () => {
    const errors = await zoneErrors(
      'src/features/settings/lib/profile-schema.ts',
      "import { useCommunityUnits } from '../../onboarding/api/onboarding'\nexport const f = useCommunityUnits\n",
    )
    expect(errors).toEqual([expect.stringMatching(/^no-restricted-imports: .*may not climb out of src\/features\/settings/)])
  })

  it('fails src/lib and src/components importing a feature', async () => {
    const code = "import { useUpdateProfile } from '@/features/settings/api/profile'\nexport const f = useUpdateProfile\n"
    for (const filePath of ['src/lib/realtime.ts', 'src/components/auth-layout.tsx']) {
      expect(await zoneErrors(filePath, code)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*src\/lib, src\/components and src\/locales/),
      ])
    }
  })

  it('lets a feature import itself and the shared code, and src/app import features', async () => {
    expect(
      await zoneErrors(
        'src/features/auth/login/login-page.tsx',
        "import { useLogin } from '../api/login'\nimport { useLogout } from '@/features/auth/api/login'\nimport { queryKeys } from '@/lib/query-keys'\nimport { Button } from '@/components/ui/button'\nexport const f = [useLogin, useLogout, queryKeys, Button]\n",
      ),
    ).toEqual([])
    expect(
      await zoneErrors(
        'src/app/layout/app-layout.tsx',
        "import { MessagesBadge } from '@/features/messages/messages-badge'\nexport const f = MessagesBadge\n",
      ),
    ).toEqual([])
  })
})
