import { describe, expect, it } from 'vitest'
import { meetsSignupPasswordRule, passwordStrength, strengthLevel } from './password-strength'

describe('passwordStrength', () => {
  it.each([
    ['', 0],
    ['abc', 20],
    ['abcdefgh', 40],
    ['Abcdefgh', 60],
    ['Abcdefg1', 80],
    ['Abcdef1!', 100],
    ['ÑANDÚ', 20], // upper case beyond ASCII counts as upper case
    ['contraseña 1', 80], // the space is the special character
  ])('%j scores %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score)
  })

  it('labels up to 40 weak, up to 60 fair, up to 80 good, above strong', () => {
    expect([0, 20, 40, 60, 80, 100].map(strengthLevel)).toEqual(['weak', 'weak', 'weak', 'fair', 'good', 'strong'])
  })

  it('applies the registration rule: 8 to 72 characters with upper, lower and digit', () => {
    expect(meetsSignupPasswordRule('Abcdefg1')).toBe(true)
    expect(meetsSignupPasswordRule('Abcdef1')).toBe(false)
    expect(meetsSignupPasswordRule('abcdefg1')).toBe(false)
    expect(meetsSignupPasswordRule('ABCDEFG1')).toBe(false)
    expect(meetsSignupPasswordRule('Abcdefgh')).toBe(false)
    expect(meetsSignupPasswordRule(`A1${'b'.repeat(70)}`)).toBe(true)
    expect(meetsSignupPasswordRule(`A1${'b'.repeat(71)}`)).toBe(false)
  })
})
