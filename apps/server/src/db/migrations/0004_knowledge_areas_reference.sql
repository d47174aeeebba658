-- Reference data (not demo data): the great areas of knowledge (CNPq) for higher education and the
-- BNCC knowledge areas for basic education. Providers classify units with them on every database.
INSERT INTO "knowledge_areas" ("title", "type") VALUES
  ('Ciências Exatas e da Terra', 'university'),
  ('Ciências Biológicas', 'university'),
  ('Engenharias', 'university'),
  ('Ciências da Saúde', 'university'),
  ('Ciências Agrárias', 'university'),
  ('Ciências Sociais Aplicadas', 'university'),
  ('Ciências Humanas', 'university'),
  ('Linguística, Letras e Artes', 'university'),
  ('Linguagens', 'basic'),
  ('Matemática', 'basic'),
  ('Ciências da Natureza', 'basic'),
  ('Ciências Humanas', 'basic'),
  ('Ensino Religioso', 'basic')
ON CONFLICT ("type", "title") DO NOTHING;
