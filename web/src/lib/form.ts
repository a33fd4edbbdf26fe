import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type { z } from 'zod'

/** One message per field, in the order the schema reports them (first field first). */
export function fieldIssues(error: z.ZodError): Map<string, string> {
  const issues = new Map<string, string>()
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.')
    if (!issues.has(name)) issues.set(name, issue.message)
  }
  return issues
}

/** What a form's check says: its output values, or one message per field at fault, first field first. */
export type FormCheck<Output> = { values: Output } | { issues: Map<string, string> }

/** A react-hook-form resolver from a check of the whole form (one without zod, where zod is not worth its size). */
export function checkResolver<Input extends FieldValues, Output extends FieldValues>(
  check: (values: Input) => FormCheck<Output>,
): Resolver<Input, unknown, Output> {
  return (values) => {
    const result = check(values)
    if ('values' in result) return { values: result.values, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const [name, message] of result.issues) errors[name] = { type: 'validation', message }
    return { values: {}, errors: errors as FieldErrors<Input> }
  }
}

/**
 * A react-hook-form resolver for a zod schema of a flat form. Errors keep the schema's order, so the
 * first one is the first field's: the one the validation toast shows.
 */
export function zodResolver<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return checkResolver<Input, Output>((values) => {
    const result = schema.safeParse(values)
    return result.success ? { values: result.data } : { issues: fieldIssues(result.error) }
  })
}

/** The message of the first field with an error. */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (error && typeof error.message === 'string') return error.message
  }
  return undefined
}
