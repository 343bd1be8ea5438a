"""Pattern search and anagrams over a lexicon index."""
