const { minimax } = require('./ai');

const board = ['X', '-', 'O', 'X', '-', 'X', 'O', 'O', '-'];
console.log('value for X to move:', minimax(board, 'X'));
