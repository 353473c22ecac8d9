package laro

// Legal lists every action seat may take now, in canonical form, so the bot
// can show exactly these buttons: draws and discards (one per card as
// players see it), a win declaration, and LARO! calls. Forfeit is left out:
// it is the bot's move, legal for any seat still playing.
func (g *Game) Legal(seat int) []Action {
	out := g.AppendLegal(make([]Action, 0, 12), seat)
	if len(out) == 0 {
		return nil
	}
	return out
}

// AppendLegal appends Legal(seat) to dst and returns the result, so that a
// simulation can reuse one buffer.
func (g *Game) AppendLegal(dst []Action, seat int) []Action {
	if g.phase == PhaseOver || seat < 0 || seat >= g.cfg.Seats || g.out[seat] {
		return dst
	}
	out := dst
	if seat == g.turn {
		switch g.phase {
		case PhaseDraw:
			out = append(out, boxedDraw[seat][0])
			if len(g.discard) > 0 {
				out = append(out, boxedDraw[seat][1])
			}
		case PhaseDiscard, PhaseCallDiscard:
			if g.phase == PhaseDiscard {
				var s splitter
				if s.split(g.hands[seat]) {
					out = append(out, boxedWin[seat])
				}
			}
			var h [9]Card
			n := copy(h[:], g.hands[seat])
			sortCards(h[:n])
			void := false
			for _, c := range h[:n] {
				if c.IsVoid() {
					if void {
						continue
					}
					void = true
				}
				out = append(out, boxedDiscard[seat][c])
			}
		}
	}
	if g.claimable && seat != g.discarder {
		for _, o := range callOptions(g.hands[seat], g.discard[len(g.discard)-1]) {
			out = append(out, o.Action(seat))
		}
	}
	return out
}

// The common actions, boxed once: Legal and Apply hand these out instead
// of boxing a fresh interface value for every listed or logged move, which
// was most of the cost of a simulated game. Action values are immutable, so
// sharing them is safe.
var (
	boxedDraw    [MaxSeats][2]Action
	boxedWin     [MaxSeats]Action
	boxedDiscard [MaxSeats][NumCards + 1]Action
)

func init() {
	for s := range MaxSeats {
		boxedDraw[s] = [2]Action{Draw{Seat: s}, Draw{Seat: s, FromDiscard: true}}
		boxedWin[s] = DeclareWin{Seat: s}
		for c := range Card(NumCards + 1) {
			boxedDiscard[s][c] = Discard{Seat: s, Card: c}
		}
	}
}
