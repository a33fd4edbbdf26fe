// The receipts of secret votes live only on this device: the server cannot tell a voter what they voted
// (it does not know), so '(Tu voto)' and a change of a secret vote read them from here.
import { readStored, writeStored } from '@/lib/device-storage'

export interface SecretVote {
  optionId: string
  receipt: string
}

const key = (pollId: string, voter: string) => `vecinos.vote.${pollId}.${voter}`

export function rememberSecretVote(pollId: string, voter: string, vote: SecretVote): void {
  writeStored(localStorage, key(pollId, voter), vote)
}

export function secretVote(pollId: string, voter: string): SecretVote | undefined {
  const v = readStored(localStorage, key(pollId, voter)) as Partial<SecretVote> | null
  return v && typeof v.optionId === 'string' && typeof v.receipt === 'string' ? { optionId: v.optionId, receipt: v.receipt } : undefined
}
