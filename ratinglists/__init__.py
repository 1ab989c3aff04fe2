"""The federation's rating lists: rating periods closed by the register's officers, each
published as an immutable list computed by the `ratings` core from the games of the register's
persons (docs/ratings.md, "The product's lists")."""
