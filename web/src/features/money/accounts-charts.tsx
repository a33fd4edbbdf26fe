import { useId } from 'react'
import { euros } from '@/lib/euros'

// Light SVG charts of the year's accounts (issue #37, ADR 0050): no chart library, drawn from the same
// figures the table under each shows. Each is an image with its title; the table is what a screen reader
// reads in detail.

const W = 320
const BAR_H = 14

/** Two bars per row (budget and actual), scaled to the largest figure. */
export function BarsChart({ label, rows, budgetLabel, actualLabel }: {
  label: string
  rows: { name: string; budget: number; actual: number }[]
  budgetLabel: string
  actualLabel: string
}) {
  const id = useId()
  const max = Math.max(1, ...rows.flatMap((r) => [r.budget, r.actual]))
  const labelW = 90
  const scale = (v: number) => Math.max(0, ((W - labelW - 8) * v) / max)
  const rowH = BAR_H * 2 + 10
  const height = rows.length * rowH + 24
  return (
    <svg viewBox={`0 0 ${W} ${height}`} className="w-full max-w-md" role="img" aria-labelledby={id}>
      <title id={id}>{label}</title>
      {rows.map((r, i) => (
        <g key={r.name} transform={`translate(0 ${i * rowH})`}>
          <text x={0} y={BAR_H + 4} className="fill-current text-[10px]">
            {r.name.length > 14 ? `${r.name.slice(0, 13)}…` : r.name}
          </text>
          <rect x={labelW} y={0} width={scale(r.budget)} height={BAR_H} className="fill-muted-foreground/40" />
          <rect x={labelW} y={BAR_H + 2} width={scale(r.actual)} height={BAR_H}
            className={r.actual > r.budget ? 'fill-destructive' : 'fill-primary'} />
        </g>
      ))}
      <g transform={`translate(${labelW} ${rows.length * rowH + 6})`} className="text-[10px]">
        <rect width={10} height={10} className="fill-muted-foreground/40" />
        <text x={14} y={9} className="fill-current">{budgetLabel}</text>
        <rect x={110} width={10} height={10} className="fill-primary" />
        <text x={124} y={9} className="fill-current">{actualLabel}</text>
      </g>
    </svg>
  )
}

/** A line through the points, with a zero line when the values cross it. */
export function LineChart({ label, values, names }: { label: string; values: number[]; names: string[] }) {
  const id = useId()
  const h = 120
  const pad = 8
  const min = Math.min(0, ...values)
  const max = Math.max(1, ...values)
  const x = (i: number) => pad + ((W - 2 * pad) * i) / Math.max(1, values.length - 1)
  const y = (v: number) => h - pad - ((h - 2 * pad) * (v - min)) / (max - min || 1)
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')
  return (
    <svg viewBox={`0 0 ${W} ${h + 14}`} className="w-full max-w-md" role="img" aria-labelledby={id}>
      <title id={id}>{label}</title>
      {min < 0 && <line x1={pad} x2={W - pad} y1={y(0)} y2={y(0)} className="stroke-muted-foreground" strokeDasharray="3 3" />}
      <polyline points={points} fill="none" className="stroke-primary" strokeWidth={2} />
      {values.map((v, i) => (
        <circle key={names[i]} cx={x(i)} cy={y(v)} r={2.5} className="fill-primary" />
      ))}
      {names.map((n, i) => (
        <text key={n} x={x(i)} y={h + 10} textAnchor="middle" className="fill-current text-[8px]">
          {n}
        </text>
      ))}
    </svg>
  )
}

/** One horizontal bar per bucket. */
export function AgingChart({ label, buckets }: { label: string; buckets: { name: string; value: number }[] }) {
  const id = useId()
  const max = Math.max(1, ...buckets.map((b) => b.value))
  const labelW = 110
  return (
    <svg viewBox={`0 0 ${W} ${buckets.length * 22}`} className="w-full max-w-md" role="img" aria-labelledby={id}>
      <title id={id}>{label}</title>
      {buckets.map((b, i) => (
        <g key={b.name} transform={`translate(0 ${i * 22})`}>
          <text x={0} y={13} className="fill-current text-[10px]">{b.name}</text>
          <rect x={labelW} y={2} height={BAR_H} width={Math.max(0, ((W - labelW - 70) * b.value) / max)}
            className={i >= 2 ? 'fill-destructive' : 'fill-primary'} />
          <text x={W - 4} y={13} textAnchor="end" className="fill-current text-[10px]">{euros(b.value)}</text>
        </g>
      ))}
    </svg>
  )
}
