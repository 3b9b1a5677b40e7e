def minimax(board, player)
    return 0
