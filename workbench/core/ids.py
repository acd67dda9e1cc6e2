"""What an id is: lowercase letters, digits and single dashes (``telegraph-office``). Ids name
files when content is saved, so the pattern lives on the ground floor, beside the file writes."""

#: Every document's ``id`` and every reference to one (the schemas use the same pattern).
ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
