"""The empty shapes a solution can take: skeletons of up to 12 cells, cores of 13 to 16.

- `skeletons`: every skeleton of up to 12 cells, stored, and their plan tries.
- `cores`: the skeletons of 13 to 16 cells no smaller solution grows into, stored.
"""
