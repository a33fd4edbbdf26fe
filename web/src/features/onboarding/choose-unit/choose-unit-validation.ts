/** What the user picked on /choose-unit: a unit of the list, or floor and door typed in. */
export interface UnitChoice {
  unitId: string
  floor: string
  door: string
  manual: boolean
}

/**
 * The spec's messages (§5): nothing chosen → 'Debes seleccionar tu vivienda' (selectUnit); only one of
 * floor and door → 'Indica planta y puerta' (floorAndDoor). null when the choice is complete.
 */
export function chooseUnitError(choice: UnitChoice): 'selectUnit' | 'floorAndDoor' | null {
  const floor = choice.floor.trim()
  const door = choice.door.trim()
  if (!choice.manual && choice.unitId !== '') return null
  if (floor === '' && door === '') return 'selectUnit'
  if (floor === '' || door === '') return 'floorAndDoor'
  return null
}
