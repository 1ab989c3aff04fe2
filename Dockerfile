FROM python:3.12-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
WORKDIR /app
COPY pyproject.toml setup.py README.md ./
COPY oware_tournaments oware_tournaments
COPY games games
COPY notifications notifications
COPY online online
COPY oware oware
COPY players players
COPY publishing publishing
COPY ratinglists ratinglists
COPY ratings ratings
COPY register register
COPY tournaments tournaments
COPY templates templates
COPY locale locale
COPY scripts scripts
COPY manage.py ./
RUN pip install --no-cache-dir .
# The translations ship as .po sources; Babel (a dependency) compiles them without GNU gettext.
RUN pybabel compile --statistics --domain django --directory locale
RUN useradd --create-home oware && chown -R oware /app
USER oware
EXPOSE 8000
CMD ["sh", "scripts/serve"]
