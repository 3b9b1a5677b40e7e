import { minimax, AI } from './ai/minimax.js';

// The AI (O) to move on a board where X threatens the left column and O the bottom row.
const cells = ['X', null, 'O', 'X', null, 'X', 'O', 'O', null];
const choice = minimax(cells, AI);
console.log(`O plays ${choice.index} (score ${choice.score})`);
