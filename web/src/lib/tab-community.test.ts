import { afterEach, describe, expect, it } from 'vitest'
import { inTabCommunity, setTabCommunity } from './tab-community'

describe('inTabCommunity', () => {
  afterEach(() => {
    setTabCommunity(null)
  })

  it("leaves a download link alone while the tab follows the account's last community", () => {
    expect(inTabCommunity('/api/v1/money/receipts/r1/pdf')).toBe('/api/v1/money/receipts/r1/pdf')
  })

  it("names the tab's community on a download link, which cannot carry the header", () => {
    setTabCommunity('c 2')
    expect(inTabCommunity('/api/v1/money/receipts/r1/pdf')).toBe('/api/v1/money/receipts/r1/pdf?community=c%202')
    expect(inTabCommunity('/api/v1/community/units/export?x=1')).toBe('/api/v1/community/units/export?x=1&community=c%202')
  })
})
