// Package cardface draws every card face of both games in pure Go, from code
// alone: no image files, no network. The art is deterministic, so the same
// code always yields the same pixels, and a change of art changes the
// pictures' content hash (which is how the emoji set notices it).
//
// Faces are drawn once, at Size × Size (the size Discord recommends for
// emojis), and kept: Laro and Laus hand out copies of the cached faces, and
// DrawLaro and DrawLaus scale a cached face into a rectangle of a larger
// picture. The zero card (laro.NoCard, laus.NoCard) draws a card back, for
// cards shown face down.
//
// Colour is never the only difference between two faces. Laro's suits differ
// by shape (circle, triangle, square); the plus half is a light card with a
// "+" bar cross, the minus half a dark card with a single "−" bar, so the two
// halves differ in greyscale too. Laus follows the classic red and black,
// with each suit's own pip; jacks (the trumps) are gold with a star, queens
// (costly to take) carry their bonus in a badge.
package cardface
