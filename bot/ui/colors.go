package ui

// YourTurnColor is the embed colour of a hand whose owner is to move now,
// a bright green that stands out from every table's own colour. It is
// never the only signal: the hand's text says "Your turn" as well, for
// those who do not see the colour.
const YourTurnColor = 0x57f287
