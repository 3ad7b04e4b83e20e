// Move strings as the server writes them: one character a column, the leftmost first
// (the digits 1 to 9, then a, b and c for columns 10 to 12 of the widest boards). The
// characters come from the server (/api/info's move_characters) when the page starts;
// every conversion of the page between a column and its move is here.

let characters = "";

export function setMoveCharacters(text) {
  characters = text;
}

// The move that plays a 0-based column.
export const moveOf = (column) => characters[column];

// The 0-based column a character names (a move of a string, a key pressed: A, B and C
// as a, b and c), or null.
export function columnOf(character) {
  const column = character.length === 1 ? characters.indexOf(character.toLowerCase()) : -1;
  return column >= 0 ? column : null;
}
