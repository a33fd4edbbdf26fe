/**
 * The onboarding's own query keys. A key that another feature or src/lib uses is in src/lib/query-keys.ts
 * (ADR 0039).
 */
export const onboardingKeys = {
  /** The user's own request to join a community they found by searching. */
  joinRequest: () => ['onboarding', 'join-request'] as const,
  /** The unit of the user's invitation (or letter), preselected in /choose-unit. */
  invitedUnit: () => ['onboarding', 'invited-unit'] as const,
}
