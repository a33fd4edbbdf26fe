package money

import (
	"context"
	"fmt"
	"strconv"

	"vecinos/internal/domain"
	"vecinos/internal/pdfdoc"
)

// The year's accounts as a PDF a junta can approve (issue #37): a cover, the summary, each group's
// budget against its actual expenses, the liquidación per unit (its share of the expenses against its
// cuotas, not what it paid), the owners not up to date (as the convocatoria lists them, LPH art. 16.2:
// unit and name, no amounts) and the bank reconciliation at the close (the books' balance of each account
// against the bank's, from the imported statements). The owners read it (Documentos, the convocatoria).

// AccountsPDF renders a year's accounts (closed or not) for an admin.
func (s *Service) AccountsPDF(ctx context.Context, a *domain.Actor, year int) ([]byte, string, error) {
	y, err := s.YearAccounts(ctx, a, year)
	if err != nil {
		return nil, "", err
	}
	pdf, err := s.accountsPDF(ctx, a.CommunityID, y)
	return pdf, fmt.Sprintf("cuentas-%d.pdf", year), err
}

func (s *Service) accountsPDF(ctx context.Context, communityID string, y *YearAccounts) ([]byte, error) {
	com, err := s.store.CommunityByID(ctx, communityID)
	if err != nil {
		return nil, err
	}
	if com == nil {
		return nil, domain.ErrNoCommunity
	}
	year := strconv.Itoa(y.Year)
	d := newDoc("Cuentas del ejercicio "+year, com)
	// Cover.
	d.Text(fmt.Sprintf("Del %s al %s.", dmy(y.From), dmy(y.To)))
	if y.Budget != nil {
		d.Text(fmt.Sprintf("Presupuesto aprobado en la junta del %s (versión %d).", dmy(y.Budget.JuntaDate), y.Budget.Version))
	} else {
		d.Text("No se aprobó presupuesto para este ejercicio.")
	}
	switch {
	case y.Closed == nil:
		d.Text("Ejercicio abierto: borrador de las cuentas, sujeto a cambios.")
	case y.Closed.JuntaDate != "":
		d.Text(fmt.Sprintf("Ejercicio cerrado. Cuentas aprobadas en la junta del %s.", dmy(y.Closed.JuntaDate)))
	default:
		d.Text("Ejercicio cerrado. Cuentas para su aprobación en la junta ordinaria (LPH art. 16.1).")
	}
	d.Text("Importes en euros. Un saldo positivo es lo que la vivienda debe; negativo, lo que tiene a su favor.")

	d.Heading("Resumen")
	d.Line("Cuotas emitidas", euros(y.Income.Cuotas), false)
	d.Line("Derramas emitidas", euros(y.Income.Derramas), false)
	d.Line("Otros ingresos (gastos de devolución y correcciones)", euros(y.Income.Other), false)
	d.Line("Total ingresos", euros(y.Income.Total), true)
	d.Line("Cobrado en el ejercicio", euros(y.Income.Collected), false)
	d.Line("Gastos del ejercicio", euros(y.Expenses), true)
	if y.Reserve.Spent != 0 {
		d.Line("Gastos con cargo al fondo de reserva", euros(y.Reserve.Spent), false)
	}
	d.Line("Resultado (ingresos - gastos)", euros(y.Result), true)
	d.Heading("Fondo de reserva")
	d.Line("Presupuestado", euros(y.Reserve.Budget), false)
	d.Line("Saldo al inicio", euros(y.Reserve.Opening), false)
	d.Line("Aportaciones del ejercicio", euros(y.Reserve.Contributions), false)
	for _, sp := range y.Reserve.Spending {
		d.Line(fmt.Sprintf("%s · %s · %s (junta del %s)", sp.Date, sp.Provider, sp.Concept, sp.JuntaDate), euros(-sp.Amount), false)
	}
	d.Line("Saldo al cierre", euros(y.Reserve.Closing), true)

	d.Heading("Presupuesto y gasto real por grupo")
	w := []float64{85, 28, 28, 29}
	for _, g := range y.Groups {
		d.Row(w, true, g.Name, "Presupuesto", "Real", "Diferencia")
		for _, l := range g.Lines {
			name := l.Concept
			if !l.Budgeted {
				name += " (no presupuestado)"
			}
			d.Row(w, false, name, euros(l.Budget), euros(l.Actual), euros(l.Actual-l.Budget))
		}
		d.Row(w, true, "Total "+g.Name, euros(g.Budget), euros(g.Actual), euros(g.Actual-g.Budget))
		d.PDF.Ln(2)
	}

	d.Heading("Liquidación por vivienda")
	if y.LiquidationProblem != "" {
		d.Text(y.LiquidationProblem)
	} else {
		d.Text("El gasto real de cada grupo se reparte por las cuotas de participación de sus viviendas y se compara con sus cuotas del ejercicio (sin el fondo de reserva) y sus derramas: un resultado positivo es un déficit a pagar, negativo un superávit a su favor.")
		w := []float64{64, 35, 35, 36}
		d.Row(w, true, "Vivienda", "Gasto", "Cuotas", "Resultado")
		for _, l := range y.Liquidation {
			d.Row(w, false, l.UnitLabel, euros(l.Expenses), euros(l.Cuotas), euros(l.Result))
		}
	}

	// What each unit paid and owes is its owner's and the admins' (the screen shows it): the owners read this
	// PDF, so it names the debtors only as the convocatoria may, without amounts.
	var debtors []UnitYear
	for _, u := range y.Units {
		if u.Closing > 0 {
			debtors = append(debtors, u)
		}
	}

	d.Heading("Propietarios que no están al corriente de pago")
	if len(debtors) == 0 {
		d.Text(fmt.Sprintf("Al %s todas las viviendas estaban al corriente de pago.", dmy(y.To)))
	} else {
		d.Text(fmt.Sprintf("Al %s, los propietarios de estas viviendas no estaban al corriente en el pago de las deudas vencidas con la comunidad. Según el art. 16.2 de la Ley de Propiedad Horizontal, si no las pagan o consignan antes de la junta, podrán asistir pero no votar. Esta relación solo figura en la convocatoria y en el acta.", dmy(y.To)))
		for _, u := range debtors {
			name := u.OwnerName
			if name == "" {
				name = "—"
			}
			d.Row([]float64{60, 110}, false, u.Label, name)
		}
	}

	d.Heading("Conciliación bancaria al cierre")
	if len(y.Accounts) == 0 {
		d.Text("La comunidad no tiene cuentas registradas.")
	}
	for _, acc := range y.Accounts {
		label := acc.Name
		if acc.IBAN != "" {
			label += " · " + acc.IBAN
		}
		d.PDF.SetFont("Helvetica", "B", 10)
		d.PDF.CellFormat(pdfdoc.Width, 7, d.Tr(label), "", 1, "L", false, 0, "")
		d.Line("Saldo al inicio en libros", euros(acc.Opening), false)
		d.Line("Entradas", euros(acc.In), false)
		d.Line("Salidas", euros(acc.Out), false)
		d.Line("Saldo al cierre en libros", euros(acc.Closing), true)
		if acc.Bank == nil {
			d.Text("Sin extractos del banco importados para este ejercicio.")
			continue
		}
		d.Line("Saldo del banco al cierre (extractos hasta el "+dmy(acc.StatementEnd)+")", euros(*acc.Bank), true)
		d.Line("Diferencia (banco - libros)", euros(acc.Difference), false)
		d.Line("Movimientos sin conciliar", strconv.Itoa(acc.Unreconciled), false)
	}
	return d.Bytes()
}
