"""Players across games: who they are, their results, statistics, ratings, rematches."""
