from puzzlesmith.cli import main

main()
