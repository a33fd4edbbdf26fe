import { useId } from 'react'
import { FilterSelect, FilterSheet, FilterSwitch } from '@/components/filter-sheet'
import type { DrawerState } from '@/components/list-page'
import { useTranslation } from '@/lib/i18n'
import type { DocumentCategory } from '../api/queries'

export interface DocumentFilterValues {
  categoryId: string | undefined
  year: string | undefined
  includeDeleted: boolean
}

export const NO_FILTERS: DocumentFilterValues = { categoryId: undefined, year: undefined, includeDeleted: false }

export function activeFilterCount(f: DocumentFilterValues): number {
  return [f.categoryId !== undefined, f.year !== undefined, f.includeDeleted].filter(Boolean).length
}

/** The years offered: this one and the 15 before it. */
function years(): string[] {
  const now = new Date().getFullYear()
  return Array.from({ length: 16 }, (_, i) => String(now - i))
}

interface DocumentFiltersProps extends DrawerState {
  value: DocumentFilterValues
  onChange: (value: DocumentFilterValues) => void
  categories: readonly DocumentCategory[]
  /** Admins may also show deleted documents. */
  admin: boolean
}

/** Category, year and, for admins, 'Mostrar eliminados'. */
export function DocumentFilters({ value, onChange, categories, admin, ...drawer }: DocumentFiltersProps) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <FilterSheet
      {...drawer}
      section="documents"
      canClear={activeFilterCount(value) > 0}
      onClear={() => {
        onChange(NO_FILTERS)
      }}
    >
      <div className="flex flex-col gap-4">
        <FilterSelect
          id={`${id}-category`}
          label={t('documents.fields.category')}
          anyLabel={t('documents.filters.all')}
          options={categories.map((c) => ({ value: c.id, label: c.name }))}
          value={value.categoryId}
          onChange={(categoryId) => {
            onChange({ ...value, categoryId })
          }}
        />
        <FilterSelect
          id={`${id}-year`}
          label={t('documents.filters.year')}
          anyLabel={t('documents.filters.all')}
          options={years().map((y) => ({ value: y, label: y }))}
          value={value.year}
          onChange={(year) => {
            onChange({ ...value, year })
          }}
        />
        {admin && (
          <FilterSwitch
            id={`${id}-deleted`}
            label={t('documents.filters.showDeleted')}
            value={value.includeDeleted}
            onChange={(includeDeleted) => {
              onChange({ ...value, includeDeleted })
            }}
          />
        )}
      </div>
    </FilterSheet>
  )
}
